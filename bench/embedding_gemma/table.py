"""Merges compiled_ref.py and torch_ref.py results into one markdown table with ratios
(PyTorch time / muna time: above 1 means muna is faster)."""
import json
import sys


def main(paths):
    reports = [json.load(open(p)) for p in paths]
    rows = [r for report in reports for r in report.get("results", [])]
    agreement = [a for report in reports for a in report.get("agreement", [])]
    muna = {(r["dtype"], r["threads"]): r for r in rows if r["runner"] == "muna"}
    torch = {(r["dtype"], r["threads"]): r for r in rows if r["runner"] != "muna"}
    print("| precision | threads | shape | muna | PyTorch | speed-up | muna peak RSS | PyTorch peak RSS |")
    print("|---|---|---|---|---|---|---|---|")
    for key in sorted(muna):
        m, t = muna[key], torch.get(key)
        for i, s in enumerate(m["shapes"]):
            ts = t["shapes"][i] if t else None
            ratio = f"{ts['median_s'] / s['median_s']:.2f}x" if ts else "-"
            print(f"| {key[0]} | {key[1]} | {s['batch']}x{s['tokens']} | {s['median_s'] * 1e3:.1f} ms | "
                  f"{ts['median_s'] * 1e3:.1f} ms | {ratio} | {s['peak_rss_mib']:.0f} MiB | "
                  f"{ts['peak_rss_mib']:.0f} MiB |" if ts else "")
    print()
    print("| precision | threads | muna cold start | PyTorch cold start | library size |")
    print("|---|---|---|---|---|")
    for key in sorted(muna):
        m, t = muna[key], torch.get(key)
        print(f"| {key[0]} | {key[1]} | {m['cold_start_s']:.2f} s | "
              f"{t['cold_start_s']:.2f} s | {m['library_mib']:.0f} MiB |" if t else "")
    if agreement:
        print()
        print("| shape | bf16 vs fp32 library: min per-row cosine |")
        print("|---|---|")
        for a in agreement:
            print(f"| {a['batch']}x{a['tokens']} | {a['min_cosine']:.6f} |")


if __name__ == "__main__":
    main(sys.argv[1:])
