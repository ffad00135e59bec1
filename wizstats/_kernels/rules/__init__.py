"""Kernels: rules."""
