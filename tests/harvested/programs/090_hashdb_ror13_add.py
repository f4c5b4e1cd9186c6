# Harvested unchanged from https://github.com/OALabs/hashdb/blob/ffc74bdb93849873b76d562cfcc61cf8b1846445/algorithms/ror13_add.py
# function: hash
# licence: Apache-2.0 (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright 2012 Mandiant
# Copyright 2014 FireEye


ROTATE_BITMASK = {
    8: 0xff,
    16: 0xffff,
    32: 0xffffffff,
    64: 0xffffffffffffffff,
}


def ror(inVal, numShifts, dataSize=32):
    '''rotate right instruction emulation'''
    if numShifts == 0:
        return inVal
    if (numShifts < 0) or (numShifts > dataSize):
        raise ValueError('Bad numShifts')
    if (dataSize != 8) and (dataSize != 16) and (dataSize != 32) and (dataSize != 64):
        raise ValueError('Bad dataSize')
    bitMask = ROTATE_BITMASK[dataSize]
    return bitMask & ((inVal >> numShifts) | (inVal << (dataSize-numShifts)))


def hash(data: bytes):
    val = 0
    for i in data:
        val = ror(val, 0xd, 32)
        val += i
    return val


EXPORT = "hash"
CASES = [
    (b"LoadLibraryA",),
    (b"GetProcAddress",),
    (b"",),
]
