% Spoons (Phistomefel), as written in seed 000 (David Strohmaier, "Using Prolog for Sudoku
% Variants", 2021): sudoku/1 with all_distinct, thermo/1 by foldl over #<, and
% maplist(labeling([ff]), Rows) as in the post.
% Run: swipl -q spoons.pl -- spoons <limit> <cap-seconds>

:- use_module(library(clpfd)).
:- ensure_loaded(harness).
:- initialization(main, main).

puzzle(Rows) :-
    Rows = [
        [A1,A2,A3,A4,A5,A6,A7,A8,A9],
        [B1,B2,B3,B4,B5,B6,B7,B8,B9],
        [C1,C2,C3,C4,C5,C6,C7,C8,C9],
        [D1,D2,D3,D4,D5,D6,D7,D8,D9],
        [E1,E2,E3,E4,E5,E6,E7,E8,E9],
        [F1,F2,F3,F4,F5,F6,F7,F8,F9],
        [G1,G2,G3,G4,G5,G6,G7,G8,G9],
        [H1,H2,H3,H4,H5,H6,H7,H8,H9],
        [I1,I2,I3,I4,I5,I6,I7,I8,I9]
    ],
    sudoku(Rows),
    thermo([A3,A4,A5]),
    thermo([B2,C2,D2]),
    thermo([B3,C3,D3]),
    thermo([B4,C4,D4]),
    thermo([B5,C5,D5]),
    thermo([B7,C7,D7]),
    thermo([B8,C8,D8]),
    thermo([B9,C9,D9]),
    thermo([E3,E4,E5]),
    thermo([F1,G1,H1]),
    thermo([F3,G3,H3]),
    thermo([F4,G4,H4]),
    thermo([F6,G6,H6]),
    thermo([F7,G7,H7]),
    thermo([F8,G8,H8]),
    thermo([F9,G9,H9]),
    thermo([I3,I4,I5]),
    thermo([I8,I7,I6]),
    % unused variables of the seed's listing (SWI warns about singletons otherwise)
    _ = [A1,A2,A6,A7,A8,A9,B1,B6,C1,C6,D1,D6,E1,E2,E6,E7,E8,E9,F2,F5,G2,G5,H2,H5,I1,I2,I9].

sudoku(Rows) :-
    append(Rows, Vs), Vs ins 1..9,
    maplist(all_distinct, Rows),
    transpose(Rows, Columns),
    maplist(all_distinct, Columns),
    [As,Bs,Cs,Ds,Es,Fs,Gs,Hs,Is] = Rows,
    blocks(As, Bs, Cs),
    blocks(Ds, Es, Fs),
    blocks(Gs, Hs, Is).

blocks([], [], []).
blocks([N1,N2,N3|Ns1], [N4,N5,N6|Ns2], [N7,N8,N9|Ns3]) :-
    all_distinct([N1,N2,N3,N4,N5,N6,N7,N8,N9]),
    blocks(Ns1, Ns2, Ns3).

smaller(L,Sn,L) :- Sn #< L.
thermo([L|Ls]) :- foldl(smaller,Ls,L,_).

main :-
    workload_args(Name, Limit, Cap),
    run_workload(Name, Limit, Cap, Rows,
                 ( puzzle(Rows), maplist(labeling([ff]), Rows) )).
