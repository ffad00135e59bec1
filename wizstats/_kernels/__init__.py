"""Compiled kernels (numba). Arrays and ints in, arrays out; Python prepares, kernels fill."""
