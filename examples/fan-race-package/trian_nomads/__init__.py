"""The Nomads, a fan race for trian-script."""
