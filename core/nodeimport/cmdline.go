package nodeimport

import (
	"strconv"
	"strings"
)

// psArgs finds a kubelet command in a ps line and returns its arguments.
// ps prints the argv joined by single spaces, so splitting at whitespace
// recovers it exactly unless an argument itself contains whitespace (ps
// cannot show that; /proc/PID/cmdline can). The columns ps aux or ps -ef
// print before the command are skipped. ok is false when the line is not
// a kubelet command: the kubelet binary must be followed by a flag or end
// the line.
func psArgs(line string) (args []string, ok bool) {
	f := strings.Fields(line)
	for i, w := range f {
		if isKubeletBinary(w) && !strings.Contains(w, "=") && (i+1 == len(f) || strings.HasPrefix(f[i+1], "-")) {
			return f[i+1:], true
		}
	}
	return nil, false
}

// procCmdline splits /proc/PID/cmdline (NUL-terminated arguments); ok is
// false unless argv[0] is a kubelet binary.
func procCmdline(data string) (args []string, ok bool) {
	parts := strings.Split(strings.TrimSuffix(data, "\x00"), "\x00")
	if len(parts) == 0 || !isKubeletBinary(parts[0]) {
		return nil, false
	}
	return parts[1:], true
}

// procEnviron splits /proc/PID/environ; ok is false unless every entry
// is NAME=VALUE.
func procEnviron(data string) (map[string]string, bool) {
	env := map[string]string{}
	for _, e := range strings.Split(strings.TrimSuffix(data, "\x00"), "\x00") {
		k, v, ok := strings.Cut(e, "=")
		if !ok || k == "" {
			return nil, false
		}
		env[k] = v
	}
	return env, len(env) > 0
}

// kubeletVersion reads `kubelet --version`: "Kubernetes v1.30.2" gives
// the minor release "1.30" and the version.
func kubeletVersion(line string) (release, version string, ok bool) {
	v, ok := strings.CutPrefix(strings.TrimSpace(line), "Kubernetes v")
	if !ok {
		return "", "", false
	}
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 3 {
		return "", "", false
	}
	r, ok := minorRelease(parts[0] + "." + parts[1])
	if !ok || !isDigits(leadingDigits(parts[2])) {
		return "", "", false
	}
	return r, "v" + v, true
}

// minorRelease validates "1.X" (no leading zeros).
func minorRelease(s string) (string, bool) {
	major, minor, ok := strings.Cut(s, ".")
	if !ok || major != "1" || !isDigits(minor) {
		return "", false
	}
	if n, err := strconv.Atoi(minor); err != nil || strconv.Itoa(n) != minor {
		return "", false
	}
	return s, true
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func leadingDigits(s string) string {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return s[:i]
}
