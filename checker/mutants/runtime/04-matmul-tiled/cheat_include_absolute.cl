// Cheat (lab 04): includes the solution by its absolute path (the suite writes it in place of
// the placeholder). Refused before any compiler sees the file.
#include "@SOLUTION@"
