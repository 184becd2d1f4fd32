import os as _os

# Single-threaded BLAS: quire's matrix-vector products are small, and OpenBLAS's thread
# hand-off made them 30-60x slower on a busy 2-core machine (0.2 ms vs 12 ms at 3k x 384).
_os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
