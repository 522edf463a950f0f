package v1

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Quantity is a parsed resource.Quantity, kept as an exact decimal: the
// value is ±digits × 10^exp, digits without leading or trailing zeros
// (empty for zero). It needs no big numbers: parsing and every operation
// are linear in the length of the text, which MaxQuantityLength bounds.
type Quantity struct {
	neg    bool
	digits string
	exp    int64
	// dec marks a value apimachinery holds as an inf.Dec rather than a
	// scaled int64; the two round negative values differently.
	dec bool
}

// MaxQuantityLength bounds the text of a quantity. Upstream has no bound
// of its own (the API server's request size is one); real quantities are
// a few characters.
const MaxQuantityLength = 100

// The errors of apimachinery's ParseQuantity, in its words.
var (
	ErrFormatWrong = errors.New("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'")
	ErrNumeric     = errors.New("unable to parse numeric part of quantity")
	ErrSuffix      = errors.New("unable to parse quantity's suffix")
)

// ErrTooLong is the explorer's own bound (see MaxQuantityLength).
var ErrTooLong = errors.New("quantities may be at most 100 characters long")

// ParseQuantity parses a quantity with apimachinery's grammar and results:
// a sign, digits with at most one point, then a suffix: n u m k M G T P E
// (powers of ten), Ki Mi Gi Ti Pi Ei (powers of two) or an exponent e3,
// E-2. Its quirks stay: "+", "." and "Ki" are zero, "1." is one, "Pi"
// alone cannot be parsed. Non-zero values round up (away from zero) to a
// multiple of 10^-9; binary values cap at 2^63-1.
func ParseQuantity(str string) (Quantity, error) {
	if len(str) > MaxQuantityLength {
		return Quantity{}, ErrTooLong
	}
	if str == "" {
		return Quantity{}, ErrFormatWrong
	}
	if str == "0" {
		return Quantity{}, nil
	}
	s, err := scanQuantity(str)
	if err != nil {
		return Quantity{}, err
	}
	base, exponent, ok := interpretSuffix(s.suffix)
	if !ok {
		return Quantity{}, ErrSuffix
	}
	slow := s.slowPath(base, exponent)
	if slow && !strings.ContainsAny(s.value, "0123456789") {
		// apimachinery then parses the number part with inf.Dec, which
		// wants at least one digit.
		return Quantity{}, ErrNumeric
	}
	q := Quantity{neg: !s.positive, dec: slow}
	q.setDecimal(s.num+s.denom, -int64(len(s.denom)))
	if base == 10 {
		q.exp += int64(exponent)
	} else {
		q.digits = mulPow2(q.digits, int(exponent))
		q.normalize()
	}
	q.roundUpToNano()
	if base == 2 && q.cmpAbs(maxInt64Quantity) > 0 {
		q.digits, q.exp = maxInt64Quantity.digits, maxInt64Quantity.exp
	}
	if q.digits == "" {
		q.neg = false
	}
	return q, nil
}

// maxInt64Quantity is 2^63-1, the cap of binary quantities.
var maxInt64Quantity = Quantity{digits: "9223372036854775807"}

// scanned is apimachinery's split of a quantity's text.
type scanned struct {
	positive   bool
	value      string // sign, digits and point, as written
	num, denom string // integer digits without leading zeros ("0" if none), fraction digits
	suffix     string
}

// scanQuantity splits the text the way apimachinery's parseQuantityString
// does: sign, leading zeros, integer digits, a point and fraction digits,
// suffix letters, an exponent's sign and digits; anything else is
// ErrFormatWrong.
func scanQuantity(str string) (scanned, error) {
	s := scanned{positive: true}
	pos, end := 0, len(str)
	switch str[0] {
	case '-':
		s.positive = false
		pos++
	case '+':
		pos++
	}
	for pos < end && str[pos] == '0' {
		pos++
	}
	if pos == end {
		s.num, s.value = "0", "0"
		return s, nil
	}
	start := pos
	for pos < end && isDigit(str[pos]) {
		pos++
	}
	s.num = str[start:pos]
	if pos == end {
		s.value = str
		return s, nil
	}
	if s.num == "" {
		s.num = "0"
	}
	if str[pos] == '.' {
		pos++
		start = pos
		for pos < end && isDigit(str[pos]) {
			pos++
		}
		s.denom = str[start:pos]
		if pos == end {
			s.value = str
			return s, nil
		}
	}
	s.value = str[:pos]
	suffixStart := pos
	for pos < end && strings.IndexByte("eEinumkKMGTP", str[pos]) >= 0 {
		pos++
	}
	if pos < end && (str[pos] == '-' || str[pos] == '+') {
		pos++
	}
	for pos < end && isDigit(str[pos]) {
		pos++
	}
	if pos < end {
		return scanned{}, ErrFormatWrong
	}
	s.suffix = str[suffixStart:]
	return s, nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// slowPath reports whether apimachinery leaves its int64 fast path for
// this number (and so parses the number part as a decimal).
func (s scanned) slowPath(base, exponent int32) bool {
	digits := int32(len(s.num) + len(s.denom))
	if base == 10 {
		return 18-digits < 0 || exponent-int32(len(s.denom)) < -9
	}
	if exponent < 0 || len(s.denom) > 0 {
		return true
	}
	if 15-int32(len(s.num))-int32(float32(exponent)*3/10)-1 < 0 {
		return true
	}
	v, err := strconv.ParseInt(s.num, 10, 64)
	return err != nil || v > math.MaxInt64>>exponent
}

// interpretSuffix maps a suffix to its base and exponent, as apimachinery's
// suffixer does (an exponent that does not fit 32 bits wraps).
func interpretSuffix(s string) (base, exponent int32, ok bool) {
	switch s {
	case "":
		return 10, 0, true
	case "n":
		return 10, -9, true
	case "u":
		return 10, -6, true
	case "m":
		return 10, -3, true
	case "k":
		return 10, 3, true
	case "M":
		return 10, 6, true
	case "G":
		return 10, 9, true
	case "T":
		return 10, 12, true
	case "P":
		return 10, 15, true
	case "E":
		return 10, 18, true
	case "Ki":
		return 2, 10, true
	case "Mi":
		return 2, 20, true
	case "Gi":
		return 2, 30, true
	case "Ti":
		return 2, 40, true
	case "Pi":
		return 2, 50, true
	case "Ei":
		return 2, 60, true
	}
	if len(s) > 1 && (s[0] == 'e' || s[0] == 'E') {
		n, err := strconv.ParseInt(s[1:], 10, 64)
		if err != nil {
			return 0, 0, false
		}
		return 10, int32(n), true
	}
	return 0, 0, false
}

// setDecimal sets the magnitude to digits × 10^exp, normalized.
func (q *Quantity) setDecimal(digits string, exp int64) {
	q.digits, q.exp = digits, exp
	q.normalize()
}

func (q *Quantity) normalize() {
	d := strings.TrimLeft(q.digits, "0")
	t := strings.TrimRight(d, "0")
	q.exp += int64(len(d) - len(t))
	q.digits = t
	if t == "" {
		q.exp = 0
	}
}

// mulPow2 multiplies a decimal digit string by 2^k.
func mulPow2(digits string, k int) string {
	if digits == "" || k == 0 {
		return digits
	}
	b := []byte(digits)
	for k > 0 {
		step := min(k, 10)
		k -= step
		carry := 0
		for i := len(b) - 1; i >= 0; i-- {
			v := int(b[i]-'0')<<step + carry
			b[i] = byte('0' + v%10)
			carry = v / 10
		}
		for carry > 0 {
			b = append([]byte{byte('0' + carry%10)}, b...)
			carry /= 10
		}
	}
	return string(b)
}

// roundUpToNano rounds the magnitude up to a multiple of 10^-9.
func (q *Quantity) roundUpToNano() {
	if q.digits == "" || q.exp >= -9 {
		return
	}
	keep := int64(len(q.digits)) + q.exp + 9 // digits at or above 10^-9
	if keep <= 0 {
		q.digits, q.exp = "1", -9
		return
	}
	kept := addOne(q.digits[:keep])
	q.setDecimal(kept, -9)
}

// addOne adds one to a decimal digit string.
func addOne(digits string) string {
	b := []byte(digits)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] < '9' {
			b[i]++
			return string(b)
		}
		b[i] = '0'
	}
	return "1" + string(b)
}

// cmpAbs compares magnitudes.
func (q Quantity) cmpAbs(o Quantity) int {
	switch {
	case q.digits == "" && o.digits == "":
		return 0
	case q.digits == "":
		return -1
	case o.digits == "":
		return 1
	}
	// Compare the positions of the leading digits, then the digits.
	if a, b := int64(len(q.digits))+q.exp, int64(len(o.digits))+o.exp; a != b {
		if a < b {
			return -1
		}
		return 1
	}
	return strings.Compare(q.digits, o.digits)
}

// Cmp compares two quantities: -1, 0 or 1.
func (q Quantity) Cmp(o Quantity) int {
	switch {
	case q.Sign() != o.Sign():
		if q.Sign() < o.Sign() {
			return -1
		}
		return 1
	case q.neg:
		return -q.cmpAbs(o)
	}
	return q.cmpAbs(o)
}

// Sign returns -1, 0 or 1.
func (q Quantity) Sign() int {
	switch {
	case q.digits == "":
		return 0
	case q.neg:
		return -1
	}
	return 1
}

// Value is the quantity rounded up to an integer (bytes, counts), as
// apimachinery's Value: a negative value rounds away from zero, or, held
// as a decimal, toward zero and then up by one. Values beyond int64
// saturate (apimachinery's wrap around).
func (q Quantity) Value() int64 { return q.scaled(0) }

// MilliValue is the quantity in thousandths, rounded as Value.
func (q Quantity) MilliValue() int64 { return q.scaled(3) }

// scaled is q × 10^k as an int64, rounded as apimachinery's ScaledValue.
func (q Quantity) scaled(k int64) int64 {
	if q.digits == "" {
		return 0
	}
	e := q.exp + k
	var intPart string
	fraction := false
	switch {
	case e >= 0:
		if int64(len(q.digits))+e > 19 {
			return q.saturated()
		}
		intPart = q.digits + strings.Repeat("0", int(e))
	case -e >= int64(len(q.digits)):
		intPart, fraction = "0", true
	default:
		intPart, fraction = q.digits[:int64(len(q.digits))+e], true
	}
	v, err := strconv.ParseInt(intPart, 10, 64)
	if err != nil {
		return q.saturated()
	}
	switch {
	case !fraction:
		if q.neg {
			return -v
		}
		return v
	case q.neg && q.dec:
		return -v + 1
	case q.neg:
		return -v - 1
	case v == math.MaxInt64:
		return v
	}
	return v + 1
}

func (q Quantity) saturated() int64 {
	if q.neg {
		return math.MinInt64
	}
	return math.MaxInt64
}

// quoteValue quotes a value for a message, shortened when it is long so that
// an error never repeats a huge input.
func quoteValue(s string) string {
	const keep = 40
	if len(s) <= keep+10 {
		return strconv.Quote(s)
	}
	cut := keep
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes)", strconv.Quote(s[:cut]), len(s))
}
