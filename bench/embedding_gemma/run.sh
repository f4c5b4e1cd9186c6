#!/usr/bin/env bash
# EmbeddingGemma, compiled library vs PyTorch eager, side by side in one run (full-size model,
# random weights): builds the fp32 and bf16 libraries, runs both benchmarks, prints the table.
#   bench/embedding_gemma/run.sh [shapes, default 1x16,8x128,32x256]
set -euo pipefail
cd "$(dirname "$0")/../.."
shapes=${1:-1x16,8x128,32x256}
mkdir -p build/bench
for precision in fp32 bf16; do
  lib=build/bench/embedding_gemma_$precision.so
  # Always rebuilt, so the numbers are the current code's; the compile time is part of the report.
  start=$SECONDS
  EMBEDDINGGEMMA_CONFIG=full ./muna compile examples/embedding_gemma/embed.py:embed,count_tokens,embed_tokens \
      -o "$lib" --precision "$precision"
  echo "compiled the full model ($precision) in $((SECONDS - start)) s: $(du -m "$lib" | cut -f1) MiB"
  /usr/bin/python3 bench/embedding_gemma/compiled_ref.py --library "$lib" --label "$precision" \
      --shapes "$shapes" --out "build/bench/muna_$precision.json"
done
/usr/bin/python3 bench/embedding_gemma/torch_ref.py --shapes "$shapes" --out build/bench/torch.json
/usr/bin/python3 bench/embedding_gemma/bf16_agreement.py --fp32 build/bench/embedding_gemma_fp32.so \
    --bf16 build/bench/embedding_gemma_bf16.so --shapes "$shapes" --out build/bench/agreement.json
/usr/bin/python3 bench/embedding_gemma/table.py build/bench/muna_fp32.json build/bench/muna_bf16.json \
    build/bench/torch.json build/bench/agreement.json
