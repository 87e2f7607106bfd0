# barkernel.py: the pieces gen_sfree.py and gen_alpha.py build their kernels from: one-slot
# barrier waits and arrivals inside partitions, and the module around two such barriers (the
# second arrived on once by the parent before the fork) with arguments %m, %kt.
V1 = "!ttg.memdesc<1xi64, #shared1, #smem, mutable>"
B = "!ttg.memdesc<1x1xi64, #shared1, #smem, mutable>"
S = "      "  # a partition body's indentation


def wait(py, bar, ph, line, s, n):
    return (f"{s}%w{n} = ttg.memdesc_index {bar}[%z] : {B} -> {V1}\n"
            f"{s}ttng.wait_barrier %w{n}, {ph}, %t : {V1} loc(\"{py}\":{line}:7)\n")


def arrive(py, bar, line, s, n):
    return (f"{s}%a{n} = ttg.memdesc_index {bar}[%z] : {B} -> {V1}\n"
            f"{s}ttng.arrive_barrier %a{n}, 1, %t : {V1} loc(\"{py}\":{line}:7)\n")


# the constants every partition body starts with
CONSTS = (f"{S}%z = arith.constant 0 : i32\n{S}%one = arith.constant 1 : i32\n"
          f"{S}%t = arith.constant true\n")


def module(fn, py, b1, b2, default, part0, extra_decl="", extra_args="", extra_regs="",
           extra_params="", extra_types="", extra_parts=""):
    """The module: barriers %b1 and %b2 (count 1; %b2 arrived on before the fork), the default
    partition's body `default`, partition0 (%b1, %b2 as %P1, %P2 and %M, %K: its names are
    given by part0's (params, body)), and any further declarations, fork operands and
    partitions."""
    p0_params, p0_body = part0
    return f"""#shared1 = #ttg.swizzled_shared<{{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}}>
#smem = #ttg.shared_memory
module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}} {{
  tt.func public @{fn}(%m: i32, %kt: i32) {{
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %{b1} = ttg.local_alloc : () -> {B} loc("{py}":11:1)
    %{b2} = ttg.local_alloc : () -> {B} loc("{py}":12:1)
    %r0 = ttg.memdesc_index %{b1}[%c0] : {B} -> {V1}
    ttng.init_barrier %r0, 1 : {V1} loc("{py}":13:1)
    %f0 = ttg.memdesc_index %{b2}[%c0] : {B} -> {V1}
    ttng.init_barrier %f0, 1 : {V1} loc("{py}":14:1)
    ttng.arrive_barrier %f0, 1, %true : {V1} loc("{py}":15:1)
{extra_decl}    ttg.warp_specialize(%{b1}, %{b2}, %m, %kt{extra_args}) attributes {{requestedRegisters = array<i32: 24{extra_regs}>}}
    default {{
{CONSTS}{default}      ttg.warp_yield
    }}
    partition0({p0_params}{extra_params}) num_warps(1) {{
{CONSTS}{p0_body}      ttg.warp_return
    }}{extra_parts} : ({B}, {B}, i32, i32{extra_types}) -> ()
    tt.return
  }}
}}
"""
