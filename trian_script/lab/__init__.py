"""The balance lab: fair study designs, statistics, reports and clusters for ``trian simulate``."""
