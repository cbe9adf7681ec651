// Runtime mutant (lab 01): CORRECT. Indented with tabs, commented in UTF-8 (Größe, 転置, µ, ×, —),
// and line 9 draws a compiler warning (1.5f stored in an int: the value 1) at the right line and
// column: a compiler that quotes the line shows it readable, and nothing may call the tabs or the
// letters a control character.
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
	const uint column = get_global_id(0);	// Spalte — column of a
	const uint row = get_global_id(1);	// 行 (row) of a
	if (column < k && row < m) {
		const int scale = 1.5f;	// größer als 0 × 1 — µ-Test
		at[column * m + row] = a[row * k + column] * scale;
	}
}
