# Harvested unchanged from https://github.com/ultralytics/yolov5/blob/5081342f04fb287fc2e5f2b5a4e06752b7937b1c/utils/metrics.py
# function: compute_ap
# licence: AGPL-3.0-only (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Ultralytics 🚀 AGPL-3.0 License - https://ultralytics.com/license
import numpy as np


# NumPy 2.0 compatibility: trapezoid was renamed from trapz
trapezoid = np.trapezoid if hasattr(np, "trapezoid") else np.trapz


def compute_ap(recall: np.ndarray, precision: np.ndarray):
    """Compute the average precision, given the recall and precision curves.

    Args:
        recall: The recall curve (list)
        precision: The precision curve (list)

    Returns:
        Average precision
        precision curve
        recall curve
    """
    # Append sentinel values to beginning and end
    mrec = np.concatenate(([0.0], recall, [1.0]))
    mpre = np.concatenate(([1.0], precision, [0.0]))

    # Compute the precision envelope
    mpre = np.flip(np.maximum.accumulate(np.flip(mpre)))

    # Integrate area under curve
    method = "interp"  # methods: 'continuous', 'interp'
    if method == "interp":
        x = np.linspace(0, 1, 101)  # 101-point interp (COCO)
        ap = trapezoid(np.interp(x, mrec, mpre), x)  # integrate
    else:  # 'continuous'
        i = np.where(mrec[1:] != mrec[:-1])[0]  # points where x axis (recall) changes
        ap = np.sum((mrec[i + 1] - mrec[i]) * mpre[i + 1])  # area under curve

    return ap, mpre, mrec


EXPORT = "compute_ap"
CASES = [
    (np.array([0.1, 0.2, 0.4, 0.4, 0.6, 0.8]), np.array([1.0, 1.0, 0.75, 0.6, 0.6, 0.5])),
    (np.linspace(0.0, 0.9, 10), np.linspace(1.0, 0.3, 10)),
    (np.array([0.5]), np.array([0.5])),
]
