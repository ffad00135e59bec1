"""Kernels: engine."""
