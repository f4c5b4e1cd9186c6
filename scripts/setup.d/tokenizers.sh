#!/usr/bin/env bash
# The Gemma 3 tokenizer.json and the Hugging Face tokenizers oracle, into .deps/.
exec "$(dirname "$0")/../fetch_tokenizers.sh"
