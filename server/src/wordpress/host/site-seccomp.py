#!/usr/bin/python3
"""Writes the seccomp filter of every site process (decision 0071) to the file named as argument.

A site may run native code as its user (issue 23). Its disk quota is a btrfs qgroup holding its
subvolumes; a subvolume or snapshot it made itself would be in no limited group, and a project ID
it set itself (FS_IOC_FSSETXATTR) would leave a project quota. Those ioctls fail with EPERM;
io_uring, which could run system calls past the filter, with ENOSYS. Everything else is allowed.
bubblewrap loads the file (--seccomp FD). libseccomp (Debian python3-seccomp) writes the BPF:
the ioctl request is compared on its low 32 bits, the ones the kernel reads.
"""

import errno
import sys

import seccomp


def iow(kind, number, size):
    return (1 << 30) | (size << 16) | (kind << 8) | number


BTRFS = 0x94
VOL_ARGS = 4096  # struct btrfs_ioctl_vol_args and _v2
REFUSED_IOCTLS = [
    iow(BTRFS, 1, VOL_ARGS),  # BTRFS_IOC_SNAP_CREATE
    iow(BTRFS, 14, VOL_ARGS),  # BTRFS_IOC_SUBVOL_CREATE
    iow(BTRFS, 23, VOL_ARGS),  # BTRFS_IOC_SNAP_CREATE_V2
    iow(BTRFS, 24, VOL_ARGS),  # BTRFS_IOC_SUBVOL_CREATE_V2
    iow(ord("X"), 32, 28),  # FS_IOC_FSSETXATTR (struct fsxattr)
]

site_filter = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
for request in REFUSED_IOCTLS:
    site_filter.add_rule(
        seccomp.ERRNO(errno.EPERM), "ioctl", seccomp.Arg(1, seccomp.MASKED_EQ, 0xFFFFFFFF, request)
    )
for call in ("io_uring_setup", "io_uring_enter", "io_uring_register"):
    site_filter.add_rule(seccomp.ERRNO(errno.ENOSYS), call)
with open(sys.argv[1], "wb") as out:
    site_filter.export_bpf(out)
