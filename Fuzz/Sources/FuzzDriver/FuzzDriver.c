// The header declares libFuzzer's driver; libFuzzer itself is linked by -sanitize=fuzzer.
