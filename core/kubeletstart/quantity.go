package kubeletstart

import (
	"errors"
	"strconv"
	"strings"
)

// A resource.Quantity's UnmarshalJSON (the limits of reservedMemory,
// logging's infoBufferSize): null is zero; otherwise the value's bytes,
// quotes stripped but escapes not decoded, white space trimmed, go to
// ParseQuantity, whose errors stop decoding. Read from apimachinery's
// pkg/api/resource/quantity.go and suffix.go (alike 1.18–1.37). Only the
// checks are modelled, not the value: ParseQuantity fails on the form
// (errQuantityFormat) or on an unknown suffix (errQuantitySuffix); its
// third error, a numeric part inf.Dec cannot read, needs a form the
// first check already refuses.

var (
	errQuantityFormat = errors.New("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'")
	errQuantitySuffix = errors.New("unable to parse quantity's suffix")
)

func quantityError(raw []byte) error {
	s := string(raw)
	if s == "null" {
		return nil
	}
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		s = s[1 : len(s)-1]
	}
	return parseQuantity(strings.TrimSpace(s))
}

// parseQuantity is ParseQuantity's checks: a sign, digits with at most
// one dot, then a suffix of suffix letters, an optional sign and digits,
// which must be a known suffix or an exponent.
func parseQuantity(s string) error {
	if s == "" {
		return errQuantityFormat
	}
	i := 0
	if s[0] == '-' || s[0] == '+' {
		i++
	}
	digits := func() {
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	}
	digits()
	if i < len(s) && s[i] == '.' {
		i++
		digits()
	}
	if i == len(s) {
		return nil
	}
	suffixStart := i
	for i < len(s) && strings.IndexByte("eEinumkKMGTP", s[i]) >= 0 {
		i++
	}
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	digits()
	if i < len(s) {
		return errQuantityFormat
	}
	switch suf := s[suffixStart:]; suf {
	case "Ki", "Mi", "Gi", "Ti", "Pi", "Ei", "n", "u", "m", "k", "M", "G", "T", "P", "E":
		return nil
	default:
		if len(suf) > 1 && (suf[0] == 'e' || suf[0] == 'E') {
			if _, err := strconv.ParseInt(suf[1:], 10, 64); err == nil {
				return nil
			}
		}
		return errQuantitySuffix
	}
}
