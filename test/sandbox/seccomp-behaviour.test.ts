// The seccomp program on real processes inside the sandbox: socket(AF_UNIX) is refused while
// socketpair and loopback TCP work, io_uring_setup fails with ENOSYS, and a syscall through another
// ABI (i386's int 0x80, x32) kills the process instead of slipping past the x86_64 table.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { needsPython, needsSandbox, python, suiteMachine } from "../support/sandbox.js";

const PROBE = `
import ctypes, socket
try:
    socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    print("unix-socket allowed")
except PermissionError:
    print("unix-socket refused")
left, right = socket.socketpair()
left.send(b"p")
print("socketpair", right.recv(1).decode())
server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
server.bind(("127.0.0.1", 0))
server.listen()
client = socket.create_connection(server.getsockname())
connection, _ = server.accept()
client.send(b"t")
print("loopback", connection.recv(1).decode())
libc = ctypes.CDLL(None, use_errno=True)
params = ctypes.create_string_buffer(120)
print("io_uring_setup", libc.syscall(425, 4, params), ctypes.get_errno())
`;

/** Machine code run through ctypes: `mov eax, NR; <trap>; ret`. */
const foreignAbi = (code: string) => `
import ctypes, mmap
page = mmap.mmap(-1, 4096, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
page.write(bytes.fromhex("${code}"))
address = ctypes.addressof(ctypes.c_char.from_buffer(page))
print("before", flush=True)
ctypes.CFUNCTYPE(ctypes.c_long)(address)()
print("survived", flush=True)
`;

describe("seccomp filter", needsSandbox, () => {
  const suite = suiteMachine("seccomp", "workspace-write");

  test(
    "AF_UNIX sockets are refused; socketpair, loopback TCP work; io_uring is ENOSYS",
    needsPython,
    async () => {
      const result = await suite.run("", { file: python, args: ["-c", PROBE] });
      assert.equal(
        result.stdout,
        "unix-socket refused\nsocketpair p\nloopback t\nio_uring_setup -1 38\n",
        result.stderr,
      );
    },
  );

  test("node makes child processes (socketpair) but cannot listen on a unix socket", async () => {
    const script = `
      const out = require("child_process").execFileSync("echo", ["child ok"]).toString();
      process.stdout.write(out);
      require("net").createServer().listen("/tmp/x.sock").on("error", (error) => console.log(error.code));`;
    const result = await suite.run("", { file: process.execPath, args: ["-e", script] });
    assert.equal(result.stdout, "child ok\nEPERM\n", result.stderr);
  });

  test("an i386 or x32 syscall kills the process", {
    skip: process.arch !== "x64" ? "x86_64 only" : needsPython.skip,
  }, async () => {
    // mov eax, 20 (i386 getpid); int 0x80; ret   and   mov eax, 0x40000027 (x32 getpid); syscall; ret
    for (const code of ["b814000000cd80c3", "b8270000400f05c3"]) {
      const result = await suite.run("", {
        file: python,
        args: ["-c", foreignAbi(code)],
      });
      assert.equal(result.stdout, "before\n", `${code}: ${result.stderr}`);
      assert.equal(result.exitCode, 128 + 31, `${code}: killed by SIGSYS`);
    }
  });
});
