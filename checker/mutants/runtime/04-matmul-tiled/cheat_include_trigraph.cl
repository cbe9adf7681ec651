// Cheat (lab 04): the include spelled with a trigraph for '#' (OpenCL C converts trigraphs).
??=include "@SOLUTION@"
