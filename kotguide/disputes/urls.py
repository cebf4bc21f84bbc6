from django.urls import path

from . import views

app_name = "resolve"  # the URL names predate the app's name (resolve:form)
urlpatterns = [
    path("resolve/", views.form, name="form"),
    path("resolve/names/", views.names, name="names"),
]
