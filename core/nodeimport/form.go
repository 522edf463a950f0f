package nodeimport

// Form is a way a node's kubelet settings can be found.
type Form string

// The forms the importer recognises.
const (
	// Configz is `kubectl get --raw /api/v1/nodes/NODE/proxy/configz`: the
	// running kubelet's merged configuration as JSON, wrapped in
	// {"kubeletconfig": …}.
	Configz Form = "configz"
	// KubeadmConfigMap is kubeadm's kubelet ConfigMap in kube-system as
	// `kubectl get cm -o yaml` (or -o json) prints it: the
	// KubeletConfiguration under data.kubelet. kubeadm names it
	// kubelet-config-1.X up to 1.23 (and in 1.23–1.24 without the
	// UnversionedKubeletConfigMap gate), kubelet-config from then on.
	KubeadmConfigMap Form = "kubeadm-configmap"
	// KubeletConfig is a KubeletConfiguration file (--config, a drop-in).
	KubeletConfig Form = "kubelet-config"
	// ProcCmdline is /proc/PID/cmdline: the argv, NUL-separated.
	ProcCmdline Form = "proc-cmdline"
	// ProcEnviron is /proc/PID/environ: the environment, NUL-separated.
	ProcEnviron Form = "proc-environ"
	// PS is a kubelet process line as ps prints it (ps -o args=, ps aux,
	// ps -ef): the argv joined with spaces.
	PS Form = "ps"
	// SystemdUnit is a unit file, a drop-in, or `systemctl cat kubelet`
	// (all of them, each after a "# /path" header line).
	SystemdUnit Form = "systemd-unit"
	// EnvironmentFile is a file systemd reads with EnvironmentFile=
	// (kubeadm-flags.env, /etc/default/kubelet, /etc/sysconfig/kubelet).
	EnvironmentFile Form = "environment-file"
	// KubeletVersion is the output of `kubelet --version`.
	KubeletVersion Form = "kubelet-version"
)

// Title names a form for messages.
func (f Form) Title() string {
	switch f {
	case Configz:
		return "configz JSON"
	case KubeadmConfigMap:
		return "kubeadm kubelet-config ConfigMap"
	case KubeletConfig:
		return "KubeletConfiguration"
	case ProcCmdline:
		return "/proc/PID/cmdline"
	case ProcEnviron:
		return "/proc/PID/environ"
	case PS:
		return "ps line"
	case SystemdUnit:
		return "systemd unit"
	case EnvironmentFile:
		return "systemd EnvironmentFile"
	case KubeletVersion:
		return "kubelet --version"
	}
	return string(f)
}
