// Cheat (lab 04): the solution under #ifdef of a macro the file defines a few lines earlier.
#define USE_THE_REFERENCE
#ifdef USE_THE_REFERENCE
#include "@SOLUTION@"
#endif
