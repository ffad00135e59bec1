"""Kernels: players."""
