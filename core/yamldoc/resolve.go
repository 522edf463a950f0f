package yamldoc

import (
	"encoding/base64"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Short YAML tags of the core schema, as the resolved Node.Tag holds them.
const (
	tagNull      = "!!null"
	tagBool      = "!!bool"
	tagInt       = "!!int"
	tagFloat     = "!!float"
	tagStr       = "!!str"
	tagTimestamp = "!!timestamp"
	tagBinary    = "!!binary"
	tagMerge     = "!!merge"
	tagMap       = "!!map"
	tagSeq       = "!!seq"
)

// resolvePlain gives a plain (unquoted, untagged) scalar its YAML 1.1 type,
// the way Kubernetes' YAML reader does (sigs.k8s.io/yaml on yaml.v2): yes,
// no, on, off, y and n are booleans; 0777 is octal, 0x1F hexadecimal and
// 1_000 a thousand; .inf and .nan are floats; a date stays a string. The
// value is one of nil, bool, int, uint64, float64 or string, the types a
// document decoded into interface{} holds.
func resolvePlain(s string) (tag string, v any) {
	if s == "" {
		return tagNull, nil
	}
	switch s[0] {
	case 'y', 'Y', 'n', 'N', 't', 'T', 'f', 'F', 'o', 'O', '~':
		if tag, v, ok := resolveWord(s); ok {
			return tag, v
		}
		return tagStr, s
	case '.':
		if tag, v, ok := resolveWord(s); ok {
			return tag, v
		}
		if f, err := strconv.ParseFloat(s, 64); err == nil {
			return tagFloat, f
		}
		return tagStr, s
	case '+', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		if tag, v, ok := resolveWord(s); ok {
			return tag, v
		}
		if isTimestamp(s) {
			return tagTimestamp, s
		}
		return resolveNumber(s)
	}
	return tagStr, s
}

// resolveWord recognises the fixed spellings of booleans, null and the
// special floats.
func resolveWord(s string) (string, any, bool) {
	switch s {
	case "y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON":
		return tagBool, true, true
	case "n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF":
		return tagBool, false, true
	case "~", "null", "Null", "NULL":
		return tagNull, nil, true
	case ".nan", ".NaN", ".NAN":
		return tagFloat, math.NaN(), true
	case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF":
		return tagFloat, math.Inf(1), true
	case "-.inf", "-.Inf", "-.INF":
		return tagFloat, math.Inf(-1), true
	}
	return "", nil, false
}

// resolveNumber tries integers (Go syntax with base prefixes, underscores
// ignored), then YAML-style floats, then binary literals, in yaml.v2's
// order: "08" is not octal, so it ends up the float 8.
func resolveNumber(s string) (string, any) {
	plain := strings.ReplaceAll(s, "_", "")
	if i, err := strconv.ParseInt(plain, 0, 64); err == nil {
		return tagInt, int(i)
	}
	if u, err := strconv.ParseUint(plain, 0, 64); err == nil {
		return tagInt, u
	}
	if isYAMLFloat(plain) {
		if f, err := strconv.ParseFloat(plain, 64); err == nil {
			return tagFloat, f
		}
	}
	if rest, ok := strings.CutPrefix(plain, "0b"); ok {
		if i, err := strconv.ParseInt(rest, 2, 64); err == nil {
			return tagInt, int(i)
		}
		if u, err := strconv.ParseUint(rest, 2, 64); err == nil {
			return tagInt, u
		}
	} else if rest, ok := strings.CutPrefix(plain, "-0b"); ok {
		if i, err := strconv.ParseInt("-"+rest, 2, 64); err == nil {
			return tagInt, int(i)
		}
	}
	return tagStr, s
}

// isYAMLFloat is [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?.
func isYAMLFloat(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	} else {
		if digits() == 0 {
			return false
		}
		if i < len(s) && s[i] == '.' {
			i++
			digits()
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}

// timestampLayouts are the date forms a plain scalar may take to count as
// a timestamp (which a document decoded into interface{} keeps as its text).
var timestampLayouts = [...]string{
	"2006-1-2T15:4:5.999999999Z07:00",
	"2006-1-2t15:4:5.999999999Z07:00",
	"2006-1-2 15:4:5.999999999",
	"2006-1-2",
}

func isTimestamp(s string) bool {
	if len(s) < 5 || s[4] != '-' {
		return false
	}
	for i := 0; i < 4; i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	for _, layout := range timestampLayouts {
		if _, err := time.Parse(layout, s); err == nil {
			return true
		}
	}
	return false
}

// resolveTagged gives a scalar with an explicit tag its value. Tags outside
// the core schema keep the text; a value that does not fit its tag is an
// error in yaml.v2's words.
func resolveTagged(tag, s string) (string, any, error) {
	switch tag {
	case tagStr, tagTimestamp, tagBool, tagInt, tagFloat, tagNull:
	case tagBinary:
		b, err := base64.StdEncoding.DecodeString(s)
		if err != nil {
			return "", nil, fmt.Errorf("yaml: !!binary value contains invalid base64 data")
		}
		return tagStr, string(b), nil
	default:
		return tag, s, nil
	}
	if tag == tagStr {
		return tagStr, s, nil
	}
	rtag, v := resolvePlain(s)
	if rtag == tagTimestamp && tag != tagTimestamp {
		// Only an explicit !!timestamp makes a date of a tagged scalar.
		rtag, v = resolveNumber(s)
	}
	switch {
	case rtag == tag:
		return rtag, v, nil
	case tag == tagFloat && rtag == tagInt:
		if i, ok := v.(int); ok {
			return tagFloat, float64(i), nil
		}
	}
	return "", nil, fmt.Errorf("yaml: cannot decode %s `%s` as a %s", rtag, s, tag)
}
