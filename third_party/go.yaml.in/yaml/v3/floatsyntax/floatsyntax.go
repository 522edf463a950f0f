// Package floatsyntax recognises the two float notations the yaml package
// used to match with package-level regular expressions. It is not part of
// upstream go.yaml.in/yaml/v3: kubexplorer's copy of the module adds it so
// that the package no longer links regexp, regexp/syntax and the unicode
// tables, nor compiles two expressions at init, in its WebAssembly engines
// (see ../../../../README.md). Each function accepts exactly the language of
// the expression in its comment, byte for byte: every class in them is
// ASCII, so a byte that is not ASCII (or not UTF-8) never matches, as in the
// expression.
package floatsyntax

// IsYAMLStyle reports whether s matches
//
//	^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$
//
// the YAML 1.2 float the resolver accepts before it calls strconv.ParseFloat.
func IsYAMLStyle(s string) bool {
	i := optionalSign(s, 0)
	if n := digits(s, i); n > 0 {
		// [0-9]+(\.[0-9]*)?
		i += n
		if i < len(s) && s[i] == '.' {
			i++
			i += digits(s, i)
		}
	} else {
		// \.[0-9]+
		if i >= len(s) || s[i] != '.' {
			return false
		}
		i++
		n := digits(s, i)
		if n == 0 {
			return false
		}
		i += n
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		// [eE][-+]?[0-9]+
		i = optionalSign(s, i+1)
		n := digits(s, i)
		if n == 0 {
			return false
		}
		i += n
	}
	return i == len(s)
}

// IsBase60 reports whether s matches
//
//	^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$
//
// a YAML 1.1 sexagesimal float, which the encoder quotes.
func IsBase60(s string) bool {
	i := optionalSign(s, 0)
	// [0-9][0-9_]*
	if i >= len(s) || !isDigit(s[i]) {
		return false
	}
	i++
	for i < len(s) && (isDigit(s[i]) || s[i] == '_') {
		i++
	}
	// (?::[0-5]?[0-9])+ : what follows a group is ':', '.' or the end, never
	// a digit, so a group takes every digit after its colon: one, or two of
	// which the first is 0-5.
	groups := 0
	for i < len(s) && s[i] == ':' {
		i++
		switch n := digits(s, i); {
		case n == 1:
		case n == 2 && s[i] <= '5':
		default:
			return false
		}
		i += digits(s, i)
		groups++
	}
	if groups == 0 {
		return false
	}
	// (?:\.[0-9_]*)?
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && (isDigit(s[i]) || s[i] == '_') {
			i++
		}
	}
	return i == len(s)
}

// optionalSign skips a '-' or '+' at s[i].
func optionalSign(s string, i int) int {
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		return i + 1
	}
	return i
}

// digits counts the ASCII digits from s[i] on.
func digits(s string, i int) int {
	n := 0
	for i+n < len(s) && isDigit(s[i+n]) {
		n++
	}
	return n
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
