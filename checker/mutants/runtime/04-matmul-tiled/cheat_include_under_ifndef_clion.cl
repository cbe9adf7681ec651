// Cheat (lab 04): the solution under #ifndef __CLION_IDE__: no compiler defines that name, so
// every build takes this branch.
#ifndef __CLION_IDE__
#include "@SOLUTION@"
#endif
