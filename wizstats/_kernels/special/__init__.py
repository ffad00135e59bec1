"""Kernels: special."""
