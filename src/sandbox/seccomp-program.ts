// The seccomp filter every sandboxed command runs under, as the classic BPF program bwrap loads with
// `--seccomp FD`: socket(AF_UNIX, …) fails with EPERM (no talking to host daemons through sockets the
// mounts did not hide), io_uring_setup/enter/register fail with ENOSYS (its ring bypasses the filter),
// everything else is allowed. socketpair stays open: Node, Python multiprocessing and npm need it.
// Only x86_64 and aarch64 are understood; any other ABI (i386 `int 0x80`, x32, arm32 compat) is killed.

/** The architectures whose syscall numbers this program knows (the `arch` field of seccomp_data). */
export const SECCOMP_ARCHITECTURES = { x86_64: 0xc000003e, aarch64: 0xc00000b7 } as const;

/** Syscall numbers per architecture. io_uring's are the same on both (the generic table). */
const SYSCALLS = {
  x86_64: { socket: 41 },
  aarch64: { socket: 198 },
  ioUring: [425, 426, 427],
} as const;

const X32_SYSCALL_BIT = 0x40000000;
const AF_UNIX = 1;
const EPERM = 1;
const ENOSYS = 38;

const RET_ALLOW = 0x7fff0000;
const RET_ERRNO = 0x00050000;
const RET_KILL_PROCESS = 0x80000000;

// Classic BPF opcodes (linux/filter.h).
const LD_W_ABS = 0x20;
const JMP_JA = 0x05;
const JMP_JEQ_K = 0x15;
const JMP_JGE_K = 0x35;
const RET_K = 0x06;

// Offsets into struct seccomp_data: nr (u32), arch (u32), instruction_pointer (u64), args[6] (u64).
const OFFSET_NR = 0;
const OFFSET_ARCH = 4;
/** The low 32 bits of args[0] (both architectures are little-endian; socket's domain is an int). */
const OFFSET_ARG0_LOW = 16;

type Label = "x86" | "arm" | "common" | "unix" | "deny-eperm" | "deny-nosys" | "kill";
type Instruction =
  | { op: "load"; offset: number }
  | { op: "jump-if"; test: "equal" | "at-least"; value: number; to: Label }
  | { op: "jump"; to: Label }
  | { op: "return"; value: number }
  | { op: "label"; name: Label };

/** The program as readable steps (labels are resolved into jump offsets by `assemble`). */
export function seccompSteps(): Instruction[] {
  const denyIoUring = SYSCALLS.ioUring.map(
    (nr): Instruction => ({ op: "jump-if", test: "equal", value: nr, to: "deny-nosys" }),
  );
  return [
    { op: "load", offset: OFFSET_ARCH },
    { op: "jump-if", test: "equal", value: SECCOMP_ARCHITECTURES.x86_64, to: "x86" },
    { op: "jump-if", test: "equal", value: SECCOMP_ARCHITECTURES.aarch64, to: "arm" },
    { op: "jump", to: "kill" },
    { op: "label", name: "x86" },
    { op: "load", offset: OFFSET_NR },
    { op: "jump-if", test: "at-least", value: X32_SYSCALL_BIT, to: "kill" },
    { op: "jump-if", test: "equal", value: SYSCALLS.x86_64.socket, to: "unix" },
    { op: "jump", to: "common" },
    { op: "label", name: "arm" },
    { op: "load", offset: OFFSET_NR },
    { op: "jump-if", test: "equal", value: SYSCALLS.aarch64.socket, to: "unix" },
    { op: "label", name: "common" },
    ...denyIoUring,
    { op: "return", value: RET_ALLOW },
    { op: "label", name: "unix" },
    { op: "load", offset: OFFSET_ARG0_LOW },
    { op: "jump-if", test: "equal", value: AF_UNIX, to: "deny-eperm" },
    { op: "return", value: RET_ALLOW },
    { op: "label", name: "deny-eperm" },
    { op: "return", value: RET_ERRNO | EPERM },
    { op: "label", name: "deny-nosys" },
    { op: "return", value: RET_ERRNO | ENOSYS },
    { op: "label", name: "kill" },
    { op: "return", value: RET_KILL_PROCESS },
  ];
}

/** One struct sock_filter: { u16 code; u8 jt; u8 jf; u32 k } in the host's (little-endian) order. */
type FilterInstruction = { code: number; jt: number; jf: number; k: number };

/** Resolves labels: a conditional jump's offsets count instructions after the jump (forward only). */
export function assemble(steps: readonly Instruction[]): FilterInstruction[] {
  const positions = new Map<Label, number>();
  let index = 0;
  for (const step of steps) {
    if (step.op === "label") positions.set(step.name, index);
    else index += 1;
  }
  const offset = (label: Label, from: number) => {
    const target = positions.get(label);
    if (target === undefined || target <= from) throw new Error(`seccomp program: bad jump to ${label}`);
    return target - from - 1;
  };
  const program: FilterInstruction[] = [];
  for (const step of steps) {
    const at = program.length;
    if (step.op === "label") continue;
    if (step.op === "load") program.push({ code: LD_W_ABS, jt: 0, jf: 0, k: step.offset });
    else if (step.op === "return") program.push({ code: RET_K, jt: 0, jf: 0, k: step.value });
    else if (step.op === "jump") program.push({ code: JMP_JA, jt: 0, jf: 0, k: offset(step.to, at) });
    else {
      const jt = offset(step.to, at);
      if (jt > 255) throw new Error("seccomp program: jump too far for a conditional");
      const code = step.test === "equal" ? JMP_JEQ_K : JMP_JGE_K;
      program.push({ code, jt, jf: 0, k: step.value });
    }
  }
  return program;
}

/** The program's bytes, as bwrap reads them from `--seccomp FD`. */
export function seccompProgram(): Buffer {
  const program = assemble(seccompSteps());
  const bytes = Buffer.alloc(program.length * 8);
  program.forEach((instruction, index) => {
    bytes.writeUInt16LE(instruction.code, index * 8);
    bytes.writeUInt8(instruction.jt, index * 8 + 2);
    bytes.writeUInt8(instruction.jf, index * 8 + 3);
    bytes.writeUInt32LE(instruction.k >>> 0, index * 8 + 4);
  });
  return bytes;
}
