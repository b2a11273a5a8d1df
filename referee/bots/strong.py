from .medium import MediumBot


class StrongBot(MediumBot):
    name = "strong"
