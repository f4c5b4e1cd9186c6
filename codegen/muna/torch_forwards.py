"""Forwards muna compiles in place of a torch module's own (`replacement_forward`): where torch's
Python forward takes paths muna cannot follow -- nn.MultiheadAttention asks whether its
arguments are the same tensor object (`query is key`) and whether autograd, CUDA or a torch
function override is active before picking its fused fast path -- the same computation written
with the ops muna supports. It follows torch 1.13's F.multi_head_attention_forward step by step
(in-projection, packed or with kdim/vdim, masks merged into one additive float mask, softmax(q k^T / sqrt(d) + mask) v,
out-projection, head-averaged weights), in evaluation mode; configurations it does not cover
keep torch's own forward (and its diagnostic)."""
from __future__ import annotations

import math

import torch
import torch.nn.functional as F


def _float_mask(mask, dtype):
    """A bool mask (True = not allowed) as the additive float mask torch builds; a float mask as is."""
    if mask.dtype == torch.bool:
        return torch.zeros_like(mask, dtype=dtype).masked_fill(mask, float("-inf"))
    return mask


def _attention(self, query, key, value, key_padding_mask, need_weights: bool, attn_mask,
               average_attn_weights: bool):
    """Time-major (L, N, E) query and (S, N, E) key/value: torch's multi_head_attention_forward."""
    tgt_len = query.size(0)
    bsz = query.size(1)
    src_len = key.size(0)
    embed_dim = self.embed_dim
    num_heads = self.num_heads
    head_dim = embed_dim // num_heads
    if self._qkv_same_embed_dim:
        w_q, w_k, w_v = self.in_proj_weight.chunk(3)
    else:  # kdim / vdim other than embed_dim: three weights
        w_q, w_k, w_v = self.q_proj_weight, self.k_proj_weight, self.v_proj_weight
    if self.in_proj_bias is None:
        q = F.linear(query, w_q)
        k = F.linear(key, w_k)
        v = F.linear(value, w_v)
    else:
        b_q, b_k, b_v = self.in_proj_bias.chunk(3)
        q = F.linear(query, w_q, b_q)
        k = F.linear(key, w_k, b_k)
        v = F.linear(value, w_v, b_v)
    q = q.contiguous().view(tgt_len, bsz * num_heads, head_dim).transpose(0, 1)
    k = k.contiguous().view(src_len, bsz * num_heads, head_dim).transpose(0, 1)
    v = v.contiguous().view(src_len, bsz * num_heads, head_dim).transpose(0, 1)
    scores = torch.bmm(q / math.sqrt(head_dim), k.transpose(-2, -1))
    if attn_mask is not None:
        if attn_mask.dim() == 2:
            if attn_mask.size(0) != tgt_len or attn_mask.size(1) != src_len:
                raise RuntimeError(f"The shape of the 2D attn_mask is {tuple(attn_mask.shape)}, but should be "
                                   f"{(tgt_len, src_len)}.")
        elif attn_mask.size(0) != bsz * num_heads or attn_mask.size(1) != tgt_len or attn_mask.size(2) != src_len:
            raise RuntimeError(f"The shape of the 3D attn_mask is {tuple(attn_mask.shape)}, but should be "
                               f"{(bsz * num_heads, tgt_len, src_len)}.")
        scores = _float_mask(attn_mask, q.dtype) + scores
    if key_padding_mask is not None:
        if key_padding_mask.size(0) != bsz or key_padding_mask.size(1) != src_len:
            raise RuntimeError(f"expecting key_padding_mask shape of {(bsz, src_len)}, but got "
                               f"{tuple(key_padding_mask.shape)}")
        padding = key_padding_mask.view(bsz, 1, 1, src_len).expand(-1, num_heads, -1, -1).reshape(
            bsz * num_heads, 1, src_len)
        scores = scores + _float_mask(padding, q.dtype)
    weights = F.softmax(scores, dim=-1)
    out = torch.bmm(weights, v)
    out = out.transpose(0, 1).contiguous().view(tgt_len * bsz, embed_dim)
    out = F.linear(out, self.out_proj.weight, self.out_proj.bias)
    out = out.view(tgt_len, bsz, embed_dim)
    if need_weights:
        weights = weights.view(bsz, num_heads, tgt_len, src_len)
        if average_attn_weights:
            return out, weights.sum(dim=1) / num_heads
        return out, weights
    return out, None


def multihead_attention_forward(self, query, key, value, key_padding_mask=None, need_weights: bool = True,
                                attn_mask=None, average_attn_weights: bool = True):
    if query.dim() == 3:
        if self.batch_first:
            out, weights = _attention(self, query.transpose(1, 0), key.transpose(1, 0), value.transpose(1, 0),
                                      key_padding_mask, need_weights, attn_mask, average_attn_weights)
            return out.transpose(1, 0), weights
        return _attention(self, query, key, value, key_padding_mask, need_weights, attn_mask, average_attn_weights)
    # Unbatched (L, E): a batch of one, squeezed after.
    padding = None if key_padding_mask is None else key_padding_mask.unsqueeze(0)
    out, weights = _attention(self, query.unsqueeze(1), key.unsqueeze(1), value.unsqueeze(1), padding,
                              need_weights, attn_mask, average_attn_weights)
    if need_weights:
        return out.squeeze(1), weights.squeeze(0)
    return out.squeeze(1), None


def replacement_forward(module):
    """The forward muna compiles for `module` in place of its class's, or None for its own."""
    if isinstance(module, torch.nn.MultiheadAttention):
        if (module.bias_k is None and module.bias_v is None and not module.add_zero_attn and (not module.training or not module.dropout)):
            return multihead_attention_forward
    return None
