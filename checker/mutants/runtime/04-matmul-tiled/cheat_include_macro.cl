// Cheat (lab 04): the path of the solution behind a macro, and the directive name split by a
// line continuation and a comment. Refused: the scan reads the text as the preprocessor does.
#define ANSWER "@SOLUTION@"
# /* nothing to see */ inc\
lude ANSWER
