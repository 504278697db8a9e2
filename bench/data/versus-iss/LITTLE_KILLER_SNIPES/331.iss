.LittleKiller~48~R1C1.LittleKiller~48~R8C9.LittleKiller~48~R7C9.LittleKiller~48~R1C9.LittleKiller~48~R9C2.LittleKiller~48~R9C3.LittleKiller~48~R9C4
