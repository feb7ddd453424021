/**
 * Cells under another kernel: QEMU (KVM where a probe shows it works, else TCG) and user-mode
 * Linux guests, their kernels, initramfs and images, the guest agent and its protocol over the
 * serial console, guests reused between cell repetitions, and the checks a guest's results get.
 */
package org.fsflow.vm;
