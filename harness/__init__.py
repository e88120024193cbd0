"""Comparison and porting tools: side-by-side serving, parity diff, benchmarks."""
