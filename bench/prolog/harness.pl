% Timing harness shared by the seed programs (bench/prolog/*.pl).
%
% run_workload(+Name, +Limit, +Cap, :Template, :Goal): counts solutions of Goal (at most Limit;
% Limit = 0 means all) within Cap seconds of wall time, and prints one line
%   RESULT <Name> <count> <seconds> <done|timeout> <first solution as digits or ->
% `Template` is the list of rows of the first solution, turned into a digit string.

:- use_module(library(time)).
:- use_module(library(aggregate)).
:- use_module(library(solution_sequences)).

:- dynamic first_solution/1.
:- dynamic found/1.

run_workload(Name, Limit, Cap, Rows, Goal) :-
    retractall(first_solution(_)), retractall(found(_)),
    assertz(found(0)),
    get_time(T0),
    (   catch(call_with_time_limit(Cap, count_solutions(Limit, Rows, Goal)),
              time_limit_exceeded, fail)
    ->  Status = done
    ;   Status = timeout
    ),
    get_time(T1),
    Seconds is T1 - T0,
    found(N),
    (   first_solution(Digits) -> true ; Digits = '-' ),
    format("RESULT ~w ~w ~6f ~w ~w~n", [Name, N, Seconds, Status, Digits]).

count_solutions(Limit, Rows, Goal) :-
    (   Limit =:= 0 -> Sols = Goal ; Sols = limit(Limit, Goal) ),
    forall(Sols, record_solution(Rows)).

record_solution(Rows) :-
    retract(found(N0)), N is N0 + 1, assertz(found(N)),
    (   first_solution(_)
    ->  true
    ;   append(Rows, Vs), atomic_list_concat(Vs, Digits), assertz(first_solution(Digits))
    ).

% Arguments after `--`: the workload name, the solution limit and the cap in seconds.
workload_args(Name, Limit, Cap) :-
    current_prolog_flag(argv, Argv),
    append(_, [NameA, LimitA, CapA], Argv), !,
    atom_string(Name, NameA),
    atom_number(LimitA, Limit),
    atom_number(CapA, Cap).
