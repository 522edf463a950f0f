package v1

import (
	"fmt"
	"math"
	"math/big"
	"strings"
)

// Quantity is a parsed resource.Quantity, kept as an exact rational.
type Quantity struct{ r *big.Rat }

var suffixes = map[string]*big.Rat{
	"n": big.NewRat(1, 1_000_000_000), "u": big.NewRat(1, 1_000_000), "m": big.NewRat(1, 1000), "": big.NewRat(1, 1),
	"k": big.NewRat(1_000, 1), "M": big.NewRat(1_000_000, 1), "G": big.NewRat(1_000_000_000, 1),
	"T": new(big.Rat).SetInt64(1_000_000_000_000), "P": new(big.Rat).SetInt64(1_000_000_000_000_000),
	"E":  new(big.Rat).SetInt64(1_000_000_000_000_000_000),
	"Ki": big.NewRat(1<<10, 1), "Mi": big.NewRat(1<<20, 1), "Gi": big.NewRat(1<<30, 1),
	"Ti": new(big.Rat).SetInt64(1 << 40), "Pi": new(big.Rat).SetInt64(1 << 50), "Ei": new(big.Rat).SetInt64(1 << 60),
}

// ParseQuantity parses the Kubernetes quantity syntax: a signed decimal
// number with an optional binary (Ki…Ei), decimal (n…E) or exponent suffix.
func ParseQuantity(s string) (Quantity, error) {
	orig := s
	s = strings.TrimSpace(s)
	if s == "" {
		return Quantity{}, fmt.Errorf("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'")
	}
	i := 0
	if s[0] == '+' || s[0] == '-' {
		i++
	}
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	num, suf := s[:i], s[i:]
	if num == "" || num == "+" || num == "-" || strings.Count(num, ".") > 1 {
		return Quantity{}, fmt.Errorf("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'")
	}
	r, ok := new(big.Rat).SetString(strings.TrimPrefix(num, "+"))
	if !ok {
		return Quantity{}, fmt.Errorf("unable to parse quantity's number %q", orig)
	}
	if m, ok := suffixes[suf]; ok {
		return Quantity{new(big.Rat).Mul(r, m)}, nil
	}
	if suf[0] == 'e' || suf[0] == 'E' {
		var exp int
		if _, err := fmt.Sscanf(suf[1:], "%d", &exp); err != nil || exp > 30 || exp < -30 || strings.ContainsAny(suf[1:], ".") {
			return Quantity{}, fmt.Errorf("unable to parse quantity's suffix %q", suf)
		}
		p := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(exp))), nil))
		if exp < 0 {
			p.Inv(p)
		}
		return Quantity{new(big.Rat).Mul(r, p)}, nil
	}
	return Quantity{}, fmt.Errorf("unable to parse quantity's suffix %q", suf)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func ceilInt64(r *big.Rat) int64 {
	if r == nil {
		return 0
	}
	q, m := new(big.Int).QuoRem(r.Num(), r.Denom(), new(big.Int))
	if m.Sign() > 0 {
		q.Add(q, big.NewInt(1))
	}
	if !q.IsInt64() {
		if q.Sign() > 0 {
			return math.MaxInt64
		}
		return math.MinInt64
	}
	return q.Int64()
}

// Value is the quantity rounded up to an integer (bytes, counts).
func (q Quantity) Value() int64 { return ceilInt64(q.r) }

// MilliValue is the quantity in thousandths, rounded up (millicores).
func (q Quantity) MilliValue() int64 {
	if q.r == nil {
		return 0
	}
	return ceilInt64(new(big.Rat).Mul(q.r, big.NewRat(1000, 1)))
}

// Sign returns -1, 0 or 1.
func (q Quantity) Sign() int {
	if q.r == nil {
		return 0
	}
	return q.r.Sign()
}
