# Harvested unchanged from https://github.com/abewley/sort/blob/2236dff5019565958b84df7d871d41cc1db58ac7/sort.py
# function: convert_x_to_bbox
# licence: GPL-3.0-or-later (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (C) 2016-2020 Alex Bewley alex@bewley.ai
import numpy as np


def convert_x_to_bbox(x: np.ndarray,score=None):
  """
  Takes a bounding box in the centre form [x,y,s,r] and returns it in the form
    [x1,y1,x2,y2] where x1,y1 is the top left and x2,y2 is the bottom right
  """
  w = np.sqrt(x[2] * x[3])
  h = x[2] / w
  if(score==None):
    return np.array([x[0]-w/2.,x[1]-h/2.,x[0]+w/2.,x[1]+h/2.]).reshape((1,4))
  else:
    return np.array([x[0]-w/2.,x[1]-h/2.,x[0]+w/2.,x[1]+h/2.,score]).reshape((1,5))


EXPORT = "convert_x_to_bbox"
CASES = [
    (np.array([[320.0], [240.0], [4800.0], [0.75], [1.5], [-0.5], [10.0]]),),
    (np.array([320.0, 240.0, 4800.0, 0.75, 0.0, 0.0, 0.0]), 0.92),
    (np.array([50.0, 60.0, 400.0, 1.0]),),
]
