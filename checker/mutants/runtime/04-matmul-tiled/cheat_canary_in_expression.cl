// Cheat (lab 04): includes a file of the grading machine inside an expression, so that each
// field of it would come back as a compiler error. The file's text must appear nowhere.
__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    float x = (1 ?
%:include "@CANARY@"
    );
    c[0] = x;
}
