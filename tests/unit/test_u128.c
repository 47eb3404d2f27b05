/*
 * test_u128.c - core/u128.h: u128_div_small, the quotient of a 128-bit
 * count by a divisor below 2^32, checked against its definition (q * d
 * <= n < (q + 1) * d, by multiplication and addition alone), against the
 * compiler's own 128-bit division (libgcc's, another algorithm), and on
 * values worked out by hand; and the overflow flags of u128_add and
 * u128_mul at the edge of 128 bits.
 */
#include "check.h"
#include "core/u128.h"

#include <stdint.h>

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint64_t next(void) /* xorshift64 */
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* q = n / d by its definition: q * d <= n and n - q * d < d. */
static int is_quotient(u128 n, uint32_t d, u128 q)
{
	u128 prod;
	if (u128_mul(q, d, &prod) || prod > n)
		return 0;
	return n - prod < d;
}

int main(void)
{
	const u128 max = ~(u128)0;
	/* by hand */
	CHECK(u128_div_small(0, 7) == 0);
	CHECK(u128_div_small(6, 7) == 0);
	CHECK(u128_div_small(7, 7) == 1);
	CHECK(u128_div_small(100, 3) == 33);
	CHECK(u128_div_small((u128)1 << 126, 2) == (u128)1 << 125);
	CHECK(u128_div_small((u128)1 << 64, 1) == (u128)1 << 64);
	/* 2^128 - 1 = 3 * 5 * 17 * 257 * 641 * 65537 * 274177 * 6700417 *
	 * 67280421310721: its quotient by 65537 times 65537 is itself */
	CHECK(u128_div_small(max, 65537) * 65537 == max);
	CHECK(u128_div_small(max, 1) == max);
	/* 2^96 / 2^31 = 2^65; (2^96 - 1) / (2^32 - 1) = 2^64 + 2^32 + 1 */
	CHECK(u128_div_small((u128)1 << 96, 1u << 31) == (u128)1 << 65);
	CHECK(u128_div_small(((u128)1 << 96) - 1, 0xffffffffu) ==
	      ((u128)1 << 64) + ((u128)1 << 32) + 1);

	/* divisors of every size, dividends of every size */
	static const uint32_t ds[] = {1, 2, 3, 7, 8, 76, 92, 100, 255, 65536,
	                              65537, 0x7fffffffu, 0x80000000u, 0xfffffffeu,
	                              0xffffffffu};
	int wrong_def = 0, wrong_lib = 0;
	for (int i = 0; i < 20000; i++) {
		u128 n = (u128)next() << 64 | next();
		n >>= next() % 128; /* short ones too */
		uint32_t d = i % 3 ? ds[i % (sizeof ds / sizeof *ds)] : (uint32_t)next();
		if (!d)
			d = 1;
		u128 q = u128_div_small(n, d);
		wrong_def += !is_quotient(n, d, q);
		wrong_lib += q != n / (u128)d;
	}
	CHECK_EQ_INT(wrong_def, 0);
	CHECK_EQ_INT(wrong_lib, 0);
	for (size_t k = 0; k < sizeof ds / sizeof *ds; k++) {
		/* the edges: the largest dividend, that less d, d squared */
		uint32_t d = ds[k];
		CHECK(is_quotient(max, d, u128_div_small(max, d)));
		CHECK(is_quotient(max - d, d, u128_div_small(max - d, d)));
		CHECK(is_quotient((u128)d * d, d, u128_div_small((u128)d * d, d)));
	}

	/* u128_add and u128_mul: overflow said, the sum left alone */
	u128 acc = max - 1;
	CHECK_EQ_INT(u128_add(&acc, 1), 0);
	CHECK(acc == max);
	CHECK_EQ_INT(u128_add(&acc, 1), 1);
	CHECK(acc == max);
	u128 out;
	CHECK_EQ_INT(u128_mul((u128)1 << 64, (u128)1 << 63, &out), 0);
	CHECK(out == (u128)1 << 127);
	CHECK_EQ_INT(u128_mul((u128)1 << 64, (u128)1 << 64, &out), 1);

	return check_done();
}
