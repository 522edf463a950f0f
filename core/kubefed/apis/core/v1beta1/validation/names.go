package validation

import (
	"fmt"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
)

// The name checks of k8s.io/apimachinery/pkg/util/validation, with their
// exact messages. The patterns are matched by hand, with the acceptance of
// the regular expressions they print (a test checks the two agree): no
// regexp is compiled when the engine starts or when an FTC is first
// validated.
//
// apimachinery 0.20 (kubefed v0.7.0) renamed DNS-1123 names "lowercase RFC
// 1123" in its messages; Names carries the wording of a release.

const (
	dns1123LabelFmt             = "[a-z0-9]([-a-z0-9]*[a-z0-9])?"
	dns1123SubdomainFmt         = dns1123LabelFmt + "(\\." + dns1123LabelFmt + ")*"
	dns1123SubdomainErrorMsg    = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character"
	dns1123SubdomainErrorMsgOld = "a DNS-1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character"
	dns1035LabelFmt             = "[a-z]([-a-z0-9]*[a-z0-9])?"
	dns1035LabelErrMsg          = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character"
	qnameCharFmt                = "[A-Za-z0-9]"
	qnameExtCharFmt             = "[-A-Za-z0-9_.]"
	qualifiedNameFmt            = "(" + qnameCharFmt + qnameExtCharFmt + "*)?" + qnameCharFmt
	qualifiedNameErrMsg         = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
	labelValueFmt               = "(" + qualifiedNameFmt + ")?"
	labelValueErrMsg            = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
)

func isLowerAlnum(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }
func isAlnum(c byte) bool      { return isLowerAlnum(c) || c >= 'A' && c <= 'Z' }

// matchEdges reports whether s is non-empty, starts with a byte first
// accepts, ends with one last accepts and has only bytes mid accepts in
// between: the shape of every pattern here.
func matchEdges(s string, first, mid, last func(byte) bool) bool {
	if s == "" || !first(s[0]) || !last(s[len(s)-1]) {
		return false
	}
	for i := 1; i < len(s)-1; i++ {
		if !mid(s[i]) {
			return false
		}
	}
	return true
}

func isLowerAlnumOrDash(c byte) bool { return isLowerAlnum(c) || c == '-' }
func isLowerAlpha(c byte) bool       { return c >= 'a' && c <= 'z' }
func isQNameExt(c byte) bool         { return isAlnum(c) || c == '-' || c == '_' || c == '.' }

// matchDNS1123Label is ^[a-z0-9]([-a-z0-9]*[a-z0-9])?$.
func matchDNS1123Label(s string) bool {
	return matchEdges(s, isLowerAlnum, isLowerAlnumOrDash, isLowerAlnum)
}

// matchDNS1123Subdomain is dns1123SubdomainFmt anchored: labels joined by dots.
func matchDNS1123Subdomain(s string) bool {
	for {
		i := strings.IndexByte(s, '.')
		if i < 0 {
			return matchDNS1123Label(s)
		}
		if !matchDNS1123Label(s[:i]) {
			return false
		}
		s = s[i+1:]
	}
}

// matchDNS1035Label is ^[a-z]([-a-z0-9]*[a-z0-9])?$.
func matchDNS1035Label(s string) bool {
	return matchEdges(s, isLowerAlpha, isLowerAlnumOrDash, isLowerAlnum)
}

// matchQualifiedName is qualifiedNameFmt anchored.
func matchQualifiedName(s string) bool { return matchEdges(s, isAlnum, isQNameExt, isAlnum) }

// matchLabelValue is labelValueFmt anchored: empty or a qualified name.
func matchLabelValue(s string) bool { return s == "" || matchQualifiedName(s) }

// Names checks names with the wording of a release's apimachinery.
type Names struct{ oldDNS1123 bool }

// NamesFor returns the checks as release r words them.
func NamesFor(r release.Release) Names { return Names{oldDNS1123: !r.Has(release.RFC1123Wording)} }

// RegexError formats a regex failure with examples, including upstream's
// doubled space before "or".
func RegexError(msg, fmtStr string, examples ...string) string {
	if len(examples) == 0 {
		return msg + " (regex used for validation is '" + fmtStr + "')"
	}
	msg += " (e.g. "
	for i := range examples {
		if i > 0 {
			msg += " or "
		}
		msg += "'" + examples[i] + "', "
	}
	msg += "regex used for validation is '" + fmtStr + "')"
	return msg
}

// MaxLenError is "must be no more than N characters".
func MaxLenError(n int) string { return fmt.Sprintf("must be no more than %d characters", n) }

// IsDNS1123Subdomain returns upstream's messages for an invalid subdomain.
func (n Names) IsDNS1123Subdomain(v string) []string {
	var errs []string
	if len(v) > 253 {
		errs = append(errs, MaxLenError(253))
	}
	if !matchDNS1123Subdomain(v) {
		msg := dns1123SubdomainErrorMsg
		if n.oldDNS1123 {
			msg = dns1123SubdomainErrorMsgOld
		}
		errs = append(errs, RegexError(msg, dns1123SubdomainFmt, "example.com"))
	}
	return errs
}

// IsDNS1123Subdomain is the check as apimachinery 0.22 words it.
func IsDNS1123Subdomain(v string) []string { return Names{}.IsDNS1123Subdomain(v) }

// IsDNS1035Label returns upstream's messages for an invalid DNS-1035 label.
func IsDNS1035Label(v string) []string {
	var errs []string
	if len(v) > 63 {
		errs = append(errs, MaxLenError(63))
	}
	if !matchDNS1035Label(v) {
		errs = append(errs, RegexError(dns1035LabelErrMsg, dns1035LabelFmt, "my-name", "abc-123"))
	}
	return errs
}

// IsQualifiedName validates a label key.
func (n Names) IsQualifiedName(v string) []string {
	var errs []string
	parts := strings.Split(v, "/")
	var name string
	switch len(parts) {
	case 1:
		name = parts[0]
	case 2:
		prefix := parts[0]
		name = parts[1]
		if prefix == "" {
			errs = append(errs, "prefix part must be non-empty")
		} else if msgs := n.IsDNS1123Subdomain(prefix); len(msgs) > 0 {
			for _, m := range msgs {
				errs = append(errs, "prefix part "+m)
			}
		}
	default:
		return append(errs, "a qualified name "+RegexError(qualifiedNameErrMsg, qualifiedNameFmt, "MyName", "my.name", "123-abc")+
			" with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')")
	}
	if name == "" {
		errs = append(errs, "name part must be non-empty")
	} else if len(name) > 63 {
		errs = append(errs, "name part "+MaxLenError(63))
	}
	if !matchQualifiedName(name) {
		errs = append(errs, "name part "+RegexError(qualifiedNameErrMsg, qualifiedNameFmt, "MyName", "my.name", "123-abc"))
	}
	return errs
}

// IsValidLabelValue validates a label value.
func IsValidLabelValue(v string) []string {
	var errs []string
	if len(v) > 63 {
		errs = append(errs, MaxLenError(63))
	}
	if !matchLabelValue(v) {
		errs = append(errs, RegexError(labelValueErrMsg, labelValueFmt, "MyValue", "my_value", "12345"))
	}
	return errs
}
