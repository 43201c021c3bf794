"""The cost model behind ``ilpc --ilp auto`` and ``--explain`` (docs/costmodel.md): a
package of its own, which imports the plans (compiler/ir) and the cipher list, and
nothing of the driver or the back ends.

``model.py``     the model: predictions per path, cipher, direction and profile, and the
                 rules (fastest path per range of lengths) the ILP back end's tables hold
``shape.py``     a message type's shape: the per-item work its messages hold
``explain.py``   ``ilpc --explain``: the model's choices for every message type, and why
``costmodel.json``  the coefficients, written by bench/auto/calibrate.py
"""
from .model import (
    CIPHER_NAMES, CIPHER_STAGES, DIRECTIONS, FUSED_CIPHERS, MARGIN, PATHS, PIPELINE, PIPELINE_STATE,
    TILE_MEASURED, CostModel, DirectionCosts, Line, Prediction, Profile, Rule, Stage, default_path, load,
)

__all__ = ["CIPHER_NAMES", "CIPHER_STAGES", "DIRECTIONS", "FUSED_CIPHERS", "MARGIN", "PATHS", "PIPELINE",
           "PIPELINE_STATE", "TILE_MEASURED", "CostModel", "DirectionCosts", "Line", "Prediction", "Profile", "Rule",
           "Stage", "default_path", "load"]
