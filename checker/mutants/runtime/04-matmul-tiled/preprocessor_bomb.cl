// Runtime mutant (lab 04): a preprocessor bomb. Each macro expands to two of the one before,
// so BOMB_22 is four million copies of BOMB_0: the compiler's input grows past every limit.
#define BOMB_0 x + x + x + x + x + x + x + x + x + x
#define BOMB_1 BOMB_0 + BOMB_0
#define BOMB_2 BOMB_1 + BOMB_1
#define BOMB_3 BOMB_2 + BOMB_2
#define BOMB_4 BOMB_3 + BOMB_3
#define BOMB_5 BOMB_4 + BOMB_4
#define BOMB_6 BOMB_5 + BOMB_5
#define BOMB_7 BOMB_6 + BOMB_6
#define BOMB_8 BOMB_7 + BOMB_7
#define BOMB_9 BOMB_8 + BOMB_8
#define BOMB_10 BOMB_9 + BOMB_9
#define BOMB_11 BOMB_10 + BOMB_10
#define BOMB_12 BOMB_11 + BOMB_11
#define BOMB_13 BOMB_12 + BOMB_12
#define BOMB_14 BOMB_13 + BOMB_13
#define BOMB_15 BOMB_14 + BOMB_14
#define BOMB_16 BOMB_15 + BOMB_15
#define BOMB_17 BOMB_16 + BOMB_16
#define BOMB_18 BOMB_17 + BOMB_17
#define BOMB_19 BOMB_18 + BOMB_18
#define BOMB_20 BOMB_19 + BOMB_19
#define BOMB_21 BOMB_20 + BOMB_20
#define BOMB_22 BOMB_21 + BOMB_21
__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    float x = 1.0f;
    c[0] = BOMB_22;
}
