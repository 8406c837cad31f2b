// The seccomp program's structure, instruction by instruction: the architecture is checked first
// and an unknown one is killed, x32 syscalls are killed, socket's first argument is compared with
// AF_UNIX, io_uring's three calls get ENOSYS, every path ends in a return, jumps stay in range.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  assemble,
  SECCOMP_ARCHITECTURES,
  seccompProgram,
  seccompSteps,
} from "../../src/sandbox/seccomp-program.js";

const LD = 0x20;
const JEQ = 0x15;
const JGE = 0x35;
const JA = 0x05;
const RET = 0x06;
const ALLOW = 0x7fff0000;
const KILL_PROCESS = 0x80000000;
const ERRNO = 0x00050000;

/** Runs the program on one syscall, the way the kernel does. */
function evaluate(arch: number, nr: number, arg0 = 0): number {
  const program = assemble(seccompSteps());
  const data = (offset: number) => (offset === 0 ? nr : offset === 4 ? arch : offset === 16 ? arg0 : 0);
  let accumulator = 0;
  for (let pc = 0; pc < program.length; pc += 1) {
    const instruction = program[pc];
    assert.ok(instruction, `pc ${pc} is inside the program`);
    const { code, jt, jf, k } = instruction;
    if (code === LD) accumulator = data(k);
    else if (code === JEQ) pc += accumulator === k ? jt : jf;
    else if (code === JGE) pc += accumulator >>> 0 >= k >>> 0 ? jt : jf;
    else if (code === JA) pc += k;
    else if (code === RET) return k >>> 0;
    else throw new Error(`unknown opcode ${code}`);
  }
  throw new Error("fell off the end of the program");
}

test("the architecture is read first; unknown architectures are killed", () => {
  const program = assemble(seccompSteps());
  assert.deepEqual(program[0], { code: LD, jt: 0, jf: 0, k: 4 });
  assert.equal(evaluate(0x40000003 /* i386 */, 102), KILL_PROCESS);
  assert.equal(evaluate(0x40000028 /* arm */, 281), KILL_PROCESS);
  assert.equal(evaluate(0, 0), KILL_PROCESS);
});

test("x86_64: AF_UNIX sockets get EPERM, other sockets and socketpair pass, x32 is killed", () => {
  const x86 = SECCOMP_ARCHITECTURES.x86_64;
  assert.equal(evaluate(x86, 41, 1), ERRNO | 1);
  assert.equal(evaluate(x86, 41, 2 /* AF_INET */), ALLOW);
  assert.equal(evaluate(x86, 41, 10 /* AF_INET6 */), ALLOW);
  assert.equal(evaluate(x86, 53 /* socketpair */, 1), ALLOW);
  assert.equal(evaluate(x86, 42 /* connect */, 1), ALLOW);
  assert.equal(evaluate(x86, 0x40000000 | 41, 1), KILL_PROCESS);
  assert.equal(evaluate(x86, 0x40000000 | 39), KILL_PROCESS);
  for (const nr of [425, 426, 427]) assert.equal(evaluate(x86, nr), ERRNO | 38);
  assert.equal(evaluate(x86, 428), ALLOW);
  assert.equal(evaluate(x86, 0 /* read */), ALLOW);
});

test("aarch64: its own socket number, the same io_uring numbers", () => {
  const arm = SECCOMP_ARCHITECTURES.aarch64;
  assert.equal(evaluate(arm, 198, 1), ERRNO | 1);
  assert.equal(evaluate(arm, 198, 2), ALLOW);
  assert.equal(evaluate(arm, 199 /* socketpair */, 1), ALLOW);
  assert.equal(evaluate(arm, 41 /* pipe2 here, not socket */, 1), ALLOW);
  for (const nr of [425, 426, 427]) assert.equal(evaluate(arm, nr), ERRNO | 38);
});

test("the bytes are struct sock_filter records in little-endian order", () => {
  const program = assemble(seccompSteps());
  const bytes = seccompProgram();
  assert.equal(bytes.length, program.length * 8);
  program.forEach((instruction, index) => {
    assert.equal(bytes.readUInt16LE(index * 8), instruction.code);
    assert.equal(bytes[index * 8 + 2], instruction.jt);
    assert.equal(bytes[index * 8 + 3], instruction.jf);
    assert.equal(bytes.readUInt32LE(index * 8 + 4), instruction.k >>> 0);
  });
  assert.equal(program.at(-1)?.code, RET, "the program ends in a return");
  assert.ok(program.length < 64);
});

test("a jump to a label behind it is refused when assembling", () => {
  assert.throws(
    () =>
      assemble([
        { op: "label", name: "kill" },
        { op: "jump", to: "kill" },
      ]),
    /bad jump to kill/,
  );
});
