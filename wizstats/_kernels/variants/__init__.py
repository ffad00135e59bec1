"""Kernels: variants."""
