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
// pkg/api/resource/quantity.go and suffix.go (alike 1.18–1.37). The model
// keeps the checks and whether the value is zero (reservedMemory's
// validation refuses a zero limit), not the value: ParseQuantity fails on
// the form (errQuantityFormat), on an unknown suffix (errQuantitySuffix),
// and when the numeric part has no digit and its fast path does not apply,
// so that inf.Dec must read the sign and dot alone (errQuantityNumeric:
// "e-10", "+.e-12", "Pi", "-Ei").

var (
	errQuantityFormat  = errors.New("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'")
	errQuantitySuffix  = errors.New("unable to parse quantity's suffix")
	errQuantityNumeric = errors.New("unable to parse numeric part of quantity")
)

func quantityError(raw []byte) error {
	s := string(raw)
	if s == "null" {
		return nil
	}
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		s = s[1 : len(s)-1]
	}
	_, err := parseQuantity(strings.TrimSpace(s))
	return err
}

// parseQuantity is ParseQuantity's checks: a sign, digits with at most
// one dot, then a suffix of suffix letters, an optional sign and digits,
// which must be a known suffix or an exponent. zero says the value is zero
// (no digit but 0; a non-zero value too small to hold is rounded up).
func parseQuantity(s string) (zero bool, err error) {
	if s == "" {
		return false, errQuantityFormat
	}
	i := 0
	if s[0] == '-' || s[0] == '+' {
		i++
	}
	zero, digits := true, false
	readDigits := func() {
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			zero, digits = zero && s[i] == '0', true
			i++
		}
	}
	readDigits()
	if i < len(s) && s[i] == '.' {
		i++
		readDigits()
	}
	if i == len(s) {
		return zero, nil
	}
	numZero, numDigits := zero, digits
	suffixStart := i
	for i < len(s) && strings.IndexByte("eEinumkKMGTP", s[i]) >= 0 {
		i++
	}
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	readDigits()
	if i < len(s) {
		return false, errQuantityFormat
	}
	switch suf := s[suffixStart:]; suf {
	case "Pi", "Ei":
		// Past Ti the binary fast path's precision is negative.
		if !numDigits {
			return false, errQuantityNumeric
		}
	case "Ki", "Mi", "Gi", "Ti", "n", "u", "m", "k", "M", "G", "T", "P", "E":
	default:
		if len(suf) < 2 || (suf[0] != 'e' && suf[0] != 'E') {
			return false, errQuantitySuffix
		}
		exp, err := strconv.ParseInt(suf[1:], 10, 64)
		if err != nil {
			return false, errQuantitySuffix
		}
		// Below nano the decimal fast path is skipped (the exponent is
		// kept as an int32, wrapping).
		if !numDigits && int32(exp) < -9 {
			return false, errQuantityNumeric
		}
	}
	return numZero, nil
}
