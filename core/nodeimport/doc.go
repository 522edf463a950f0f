// Package nodeimport reads a real node's kubelet settings as they are
// found on the node or in the cluster, and turns them into the inputs of a
// start-up evaluation (core/kubeletstart.Input).
//
// A node dump is the set of files that describe one kubelet: a directory
// (its files, any layout) or one bundle file. Each file, or each section
// of a bundle, is recognised by its content (recognize.go) as one of the
// forms operators can produce:
//
//   - configz: `kubectl get --raw /api/v1/nodes/NODE/proxy/configz`, the
//     running kubelet's merged configuration wrapped in "kubeletconfig"
//     (without apiVersion/kind before 1.36, which the import adds);
//   - kubeadm's ConfigMap: `kubectl get cm -n kube-system kubelet-config
//     -o yaml` (or -o json); the KubeletConfiguration is under the data
//     key "kubelet", the ConfigMap is named kubelet-config-1.X up to 1.23
//     (a release hint) and kubelet-config from 1.24;
//   - a KubeletConfiguration file (the --config file, a drop-in);
//   - the kubelet's command line: /proc/PID/cmdline (exact), or a ps line
//     (split at whitespace, since ps joins the argv with spaces);
//   - systemd units: kubelet.service, its drop-ins, `systemctl cat
//     kubelet`, and the EnvironmentFile= files they read (kubeadm's
//     /var/lib/kubelet/kubeadm-flags.env, /etc/default/kubelet,
//     /etc/sysconfig/kubelet). The service is assembled as systemd does:
//     drop-ins by file name after the unit, an empty ExecStart= (or
//     Environment=, EnvironmentFile=) resets the list, EnvironmentFile=
//     values override Environment= ones, "$VAR" as a word of its own
//     splits into words (quotes respected), "${VAR}" substitutes inside a
//     word, a lone $VAR inside a word stays literal, and more than one
//     ExecStart= left for the Type=simple service is systemd's refusal;
//   - /proc/PID/environ, and `kubelet --version` for the release.
//
// How the pieces combine, which wins when several are present, and the
// bundle format are described in assemble.go and bundle.go, and for users
// in docs/node-dumps.md.
//
// Inputs that are recognised but malformed give an *Error naming the form
// and the line and column; what systemd or the kubelet would silently
// ignore (an "export" line in an environment file, a line without "=" in a
// unit) is a Diagnostic. The package reads nothing from disk and never
// panics on its input; the bounds are MaxFileSize, MaxFiles and
// MaxSections.
package nodeimport
