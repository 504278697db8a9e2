.AntiConsecutive.~R1C2_3~R2C3_6~R3C4_5~R3C8_7
