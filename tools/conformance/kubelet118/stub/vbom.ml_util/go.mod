module vbom.ml/util
