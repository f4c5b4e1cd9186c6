# Harvested unchanged from https://github.com/pxntus/puslib/blob/22f8e003b3a611a66f79e9413580becbf366bf3e/puslib/crc_ccitt.py
# function: calculate
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright 2021 Pontus Nyman


_POLYNOMIAL = 0x1021
_PRESET = 0xffff


def _initial(c):
    crc = 0
    c = c << 8
    for _ in range(8):
        tmp = crc << 1
        if (crc ^ c) & 0x8000:
            tmp ^= _POLYNOMIAL
        crc = tmp
        c = c << 1
    return crc


_tab = [_initial(i) for i in range(256)]


def _update_crc(crc, byte):
    byte = byte & 0xff
    tmp = (crc >> 8) ^ byte
    crc = (crc << 8) ^ _tab[tmp & 0xff]
    return crc & 0xffff


def calculate(buffer: bytes):
    crc = _PRESET
    for byte in buffer:
        crc = _update_crc(crc, byte)
    return crc


EXPORT = "calculate"
CASES = [
    (b"123456789",),
    (bytes([0x18, 0x2D, 0xC0, 0x00, 0x00, 0x01, 0x11, 0x01]),),
    (b"",),
]
