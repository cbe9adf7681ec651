// Cheat (lab 04): includes the solution by a path relative to the grader's working folder,
// the path the compiler's "did you mean" once suggested. Refused: the file must be self-contained.
#include "solutions/04-matmul-tiled/matmul.cl"
