package sim

import (
	"fmt"
	"strconv"
	"time"
)

// MaxDuration bounds every duration an input may give (about 115 days): far
// beyond any run, and far from where virtual instants would overflow.
const MaxDuration = 10_000_000 * time.Second

// maxDurationText bounds a duration's text, so that errors stay short.
const maxDurationText = 32

// Duration is a span of virtual time as the simulations' input files write
// it: a Go duration ("90s", "2m30s") or plain seconds ("30", "1.5"), in a
// string, from 0 to MaxDuration. It decodes from and encodes to that text;
// an empty text is zero.
type Duration time.Duration

// Std returns d as a time.Duration.
func (d Duration) Std() time.Duration { return time.Duration(d) }

// String is the Go duration ("1m30s").
func (d Duration) String() string { return time.Duration(d).String() }

// MarshalText implements encoding.TextMarshaler: the Go duration.
func (d Duration) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler with ParseDuration;
// an empty text is zero (a field left unset).
func (d *Duration) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*d = 0
		return nil
	}
	v, err := ParseDuration(string(b))
	if err != nil {
		return err
	}
	*d = Duration(v)
	return nil
}

// ParseDuration accepts Go durations ("90s", "2m30s") and plain seconds
// ("30", "1.5"), from 0 to MaxDuration. Signs, exponents, NaN and
// infinities are not durations.
func ParseDuration(s string) (time.Duration, error) {
	if len(s) > maxDurationText {
		return 0, fmt.Errorf("invalid duration %s (use 10s, 2m, 1h30m)", quote(s))
	}
	var d time.Duration
	if secs, ok := plainSeconds(s); ok {
		if secs > MaxDuration.Seconds() {
			return 0, fmt.Errorf("duration %q out of range", s)
		}
		d = time.Duration(secs * float64(time.Second))
	} else {
		var err error
		d, err = time.ParseDuration(s)
		if err != nil {
			return 0, fmt.Errorf("invalid duration %q (use 10s, 2m, 1h30m)", s)
		}
	}
	if d < 0 || d > MaxDuration {
		return 0, fmt.Errorf("duration %q out of range", s)
	}
	return d, nil
}

// plainSeconds reads digits with an optional fraction: [0-9]+(\.[0-9]+)?.
func plainSeconds(s string) (float64, bool) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, false
	}
	if i < len(s) && s[i] == '.' {
		j := i + 1
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i+1 {
			return 0, false
		}
		i = j
	}
	if i != len(s) {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}

// quote quotes a text for a message, shortened when long.
func quote(s string) string {
	if len(s) <= maxDurationText {
		return strconv.Quote(s)
	}
	cut := maxDurationText
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes)", strconv.Quote(s[:cut]), len(s))
}
