// Cheat (lab 04): a taken branch and its include spelled with a trigraph (??=), a digraph (%:)
// and a line continuation inside the macro name: read as the preprocessor reads them.
??=ifdef TILE_\
SIZE
%:include "@SOLUTION@"
??=endif
