"""Pure game rules: no I/O, no clocks, randomness only from an injected RNG."""
